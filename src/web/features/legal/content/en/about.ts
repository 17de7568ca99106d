/** The About page in English, written from the landing page's message (works spec §1): as ../ja/about.ts, same ids. */
import { FREE_IMAGES } from '../facts';
import type { AboutContent } from '../types';

export const content: AboutContent = {
  lead: "Little Museum is an online art museum for families, where children's drawings, paintings and crafts hang like pictures on a wall.",
  intro: {
    id: 'who-we-are',
    title: "Every child's art deserves a museum",
    body: [
      "A drawing on the fridge, a craft brought home from kindergarten, the last page of a sketchbook: before we notice, children's creations slowly slip away. Little Museum is a place to photograph each one and keep it, as if you framed it and hung it on a wall.",
      'Looked at together as a family, shared with grandparents, sometimes seen by people around the world: art that is treasured makes children want to draw again. That is the small museum we are building.',
    ],
  },
  canDo: {
    id: 'what-you-can-do',
    title: 'What families can do',
    body: ['With just a phone, you can hang, show, learn and take on a challenge.'],
    points: [
      {
        title: 'Share with family, friends and the world',
        text: "Let grandparents and friends see your child's creations, or publish them so that anyone in the world can.",
      },
      {
        title: 'A secret gallery of your own',
        text: 'Works are private when they are registered: keep them safe in a gallery that only your child and the family members you choose can see.',
      },
      {
        title: 'Learn from artists',
        text: 'Join online classes taught by artists, and archived classes you can watch any time.',
      },
      {
        title: 'Enter contests',
        text: 'Enter contests held by companies and art classrooms, and show your work on a bigger stage.',
      },
      {
        title: 'Collect favourites',
        text: "Send likes to other members' works and gather the ones you love in your own collection.",
      },
    ],
  },
  privacy: {
    id: 'privacy',
    title: "Children's privacy first",
    body: [
      "What we look after is your children's art and your family's information. That is why the museum is built to protect them from the start.",
    ],
    points: [
      'Where a photo was taken (its GPS location) and other hidden details are removed both on your phone and on our server.',
      'Works stay private until you choose to publish them.',
      'For each child, you choose which family members can see their works.',
      "Published works and contest entries never show the family's e-mail address or your child's real name.",
      'You can delete works and the account at any time, and their image files go with them.',
    ],
  },
  organizations: {
    id: 'organizations',
    title: 'For companies and classrooms',
    body: ['Companies, art classrooms and other organizations can hold contests and classes on Little Museum.'],
    points: [
      {
        title: 'Hold contests',
        text: 'Choose a theme, open a contest and gather entries from children.',
      },
      {
        title: 'Run classes',
        text: 'Offer live online classes or recorded archive classes, free or paid.',
      },
      {
        title: 'Stay in touch with members',
        text: "A child who asks to join with the organization's code becomes a member once the organization approves. Staff can e-mail their members and the other staff.",
      },
    ],
  },
  howTo: {
    id: 'how-to-use',
    title: 'How to use',
    body: ['Getting started takes three easy steps.'],
    steps: [
      { title: 'Photograph the work', text: 'Take a picture of a drawing, a painting or a craft with your phone.' },
      {
        title: 'Register for free and upload',
        text: 'Create a free account, add your child as a user and upload the photo.',
      },
      {
        title: 'Choose how to publish',
        text: 'Keep it private, share it with family, or publish it to everyone.',
      },
    ],
  },
  plans: {
    id: 'plans',
    title: 'Plans and prices',
    body: ['Registration is free. When you want to hang more works, choose a paid membership.'],
    plans: [
      { name: 'Free', price: '0 yen', text: `Up to ${FREE_IMAGES} images for the whole family` },
      { name: 'Premium', price: '110 yen a month', text: 'Unlimited images' },
      { name: 'Organization', price: '1,980 yen a month', text: 'For organizations holding contests and classes' },
    ],
    note: [
      'Prices include tax and charges, and are paid by credit card. See the ',
      { href: '/commercial-transaction', text: 'Specified Commercial Transactions notice' },
      ' for details.',
    ],
  },
  contact: {
    id: 'contact',
    title: 'Who runs it, and how to reach us',
    body: [
      'Little Museum is run by the Little Museum operations office.',
      [
        'Questions and ideas are welcome through our ',
        { href: '/contact-us', text: 'contact form' },
        '. We answer on weekdays from 10:00 to 15:00 (except weekends and public holidays), and a member of staff replies within 3 to 5 business days. Before you start, please read our ',
        { href: '/terms-and-services', text: 'Terms and Services' },
        ' and ',
        { href: '/privacy-policy', text: 'Privacy Policy' },
        '.',
      ],
    ],
  },
  closing: {
    title: "Open your family's museum today",
    text: `Registration is free, and the free plan keeps up to ${FREE_IMAGES} pictures.`,
  },
};
